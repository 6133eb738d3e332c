/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_BUSINESS_NAME?: string;
  readonly VITE_BUSINESS_TAGLINE?: string;
  readonly VITE_BUSINESS_PHONE?: string;
  readonly VITE_BUSINESS_EMAIL?: string;
  readonly VITE_SITE_URL?: string;
  readonly VITE_GOOGLE_ADS_ID?: string;
  readonly VITE_GOOGLE_ADS_CONVERSION_LABEL?: string;
}
