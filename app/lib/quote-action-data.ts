import type { QuoteField } from "./quote-schema";

/** What the landing route's action returns when it re-renders the form (no-JS path). */
export interface QuoteActionData {
  fieldErrors?: Partial<Record<QuoteField, string>>;
  values?: Partial<Record<QuoteField, string>>;
  formError?: string;
}
