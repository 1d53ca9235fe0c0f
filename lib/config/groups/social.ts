import { url } from '@/lib/config/define';

/** Social drafts, hero images and mascot (lib/social, lib/hero, lib/mascot). */
export const social = {
  title: 'Social drafts',
  vars: {
    siteUrl: url('SOCIAL_SITE_URL', 'public site address the generated social drafts link to (`<url>/strains/<slug>`, `<url>/blog/<slug>`); unset: drafts carry no link', {
      show: 'no links in drafts',
    }),
  },
} as const;
