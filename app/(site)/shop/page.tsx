import type { Metadata } from 'next';
import { SignInCard } from '@/components/sign-in-card';
import { MenuScan } from '@/components/shop/menu-scan';

export const metadata: Metadata = { title: 'Menu scan' };

export default function ShopPage() {
  return (
    <>
      <div className="page-head">
        <h1>Dispensary menu scan</h1>
        <p>
          Enter a dispensary and its menu pages. The scan runs as a background task: it scrapes the menu, matches every product to a strain, queues unknown strains for research and
          ranks what fits you — with live progress by stage.
        </p>
      </div>
      <SignInCard />
      <MenuScan />
    </>
  );
}
