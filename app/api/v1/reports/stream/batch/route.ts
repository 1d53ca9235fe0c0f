export { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } from '@/app/api/v1/notebooks/stream/batch/route';

export const dynamic = 'force-dynamic';
