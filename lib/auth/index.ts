export { requireAdmin, verifyAdminKey, adminConfigured, type AdminVia } from './admin';
export { requireInternal, bearerToken, type InternalFamily, type InternalSecretName } from './internal';
export { requireUser, optionalUser, requirePremium, verifyUserToken, signUserToken, serviceSigningSecret, parseTtl, type UserClaims } from './jwt';
export { developmentBypass, hostIsLocal } from './bypass';
export { safeEqual } from './compare';
