import ApiReference from '@/app/docs/api-reference';

export const metadata = { title: 'API reference · Cannabis Intelligence API' };

export default function DocsPage() {
  return (
    <main aria-label="API reference">
      <noscript>
        The interactive reference needs JavaScript. The raw description is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.
      </noscript>
      <ApiReference />
    </main>
  );
}
