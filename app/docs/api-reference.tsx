'use client';

import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';

/** Scalar's viewer over the live OpenAPI document; no fonts or assets fetched from outside. */
export default function ApiReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: '/api/v1/openapi.json',
        withDefaultFonts: false,
        hideClientButton: true,
        telemetry: false,
        metaData: { title: 'Cannabis Intelligence API reference' },
      }}
    />
  );
}
