// What makes the inbox installable (app/routes/admin.push.manifest.ts). React places these
// in the document's <head> wherever they are rendered.
export function AdminAppHead() {
  return (
    <>
      <link rel="manifest" href="/admin/manifest.webmanifest" />
      <link rel="apple-touch-icon" sizes="180x180" href="/admin/apple-touch-icon.png" />
      <meta name="apple-mobile-web-app-title" content="Leads" />
    </>
  );
}
