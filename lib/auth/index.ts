export { requireAdmin, verifyAdminKey, adminConfigured, type AdminVia } from '@/lib/auth/admin';
export { requireInternal, bearerToken, type InternalFamily, type InternalSecretName } from '@/lib/auth/internal';
export { requireUser, optionalUser, requirePremium, verifyUserToken, signUserToken, serviceSigningSecret, parseTtl, type UserClaims } from '@/lib/auth/jwt';
export { developmentBypass, hostIsLocal } from '@/lib/auth/bypass';
export { safeEqual } from '@/lib/auth/compare';
