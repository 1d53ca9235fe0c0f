import Link from 'next/link';
import { StatsPanel } from '@/components/stats-panel';

const FEATURES = [
  {
    href: '/strains',
    title: 'Strain catalog',
    text: 'Search as you type, filter by type, terpene, effect and THC, and open complete profiles with terpene charts and similar strains.',
    api: 'GET /strains/search',
  },
  {
    href: '/notebook',
    title: 'AI notebooks',
    text: 'Turn a purchase into an analysis: pick sections and watch each one stream in live over server-sent events.',
    api: 'POST /notebooks/stream/batch',
  },
  {
    href: '/shop',
    title: 'Menu scans',
    text: 'Point it at a dispensary menu; it scrapes, matches products to strains, tags deals and ranks what to buy.',
    api: 'POST /shopping/scan-token',
  },
  {
    href: '/scan',
    title: 'Receipts and labels',
    text: 'Photograph a receipt or a product label; get structured items, potency and matched strains back.',
    api: 'POST /receipts/parse-image',
  },
  {
    href: '/research',
    title: 'Research queue',
    text: 'Missing a strain? Submit it; a research task drafts a profile for an editor to approve.',
    api: 'POST /research/strains/submit',
  },
  {
    href: '/docs',
    title: 'API reference',
    text: 'Every endpoint, generated from the same schemas that validate requests. Native apps call the same routes as this site.',
    api: 'GET /openapi.json',
  },
];

export default function Home() {
  return (
    <>
      <section className="hero">
        <p className="badge badge-ok">JSON API · v1</p>
        <h1 style={{ marginTop: '0.75rem' }}>Cannabis intelligence, as an API</h1>
        <p className="lead">
          A strain catalog with lab-style terpene data, AI notebooks that analyse a purchase, dispensary menu scans with personal recommendations, receipt and label reading, and a
          research pipeline — all behind one versioned JSON API. Every page here is a thin client of that API.
        </p>
        <div className="row" style={{ marginTop: '1rem' }}>
          <Link className="btn btn-primary" href="/strains">
            Explore strains
          </Link>
          <Link className="btn" href="/docs">
            Read the API reference
          </Link>
        </div>
      </section>
      <StatsPanel />
      <section aria-labelledby="features-title" style={{ marginTop: '2rem' }}>
        <h2 id="features-title">What you can do</h2>
        <div className="grid grid-features">
          {FEATURES.map((f) => (
            <Link key={f.href} href={f.href} className="card card-link">
              <h3>{f.title}</h3>
              <p className="muted small">{f.text}</p>
              <code className="mono muted">{f.api}</code>
            </Link>
          ))}
        </div>
      </section>
    </>
  );
}
