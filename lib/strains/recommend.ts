export { terpeneVector, effectVector, profileVector, cosine, type Vector } from './recommend-vector';
