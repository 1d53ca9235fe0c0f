export { GET } from '@/app/api/v1/notebooks/stream/sections/route';

export const dynamic = 'force-dynamic';
