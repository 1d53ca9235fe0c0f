import type { Metadata } from 'next';
import { SignInCard } from '@/components/sign-in-card';
import { ImageScan } from '@/components/scan/image-scan';

export const metadata: Metadata = { title: 'Receipts and labels' };

export default function ScanPage() {
  return (
    <>
      <div className="page-head">
        <h1>Read a receipt or a label</h1>
        <p>
          Upload a photo — or take one with your phone&apos;s camera — of a dispensary receipt or a product label. The API reads it and matches the products to strains in the
          catalog.
        </p>
      </div>
      <SignInCard />
      <ImageScan />
    </>
  );
}
