export { artworkSvg, renderArtwork, TITLE_BAND, type RenderedImage } from '@/lib/images/render-local';
export { generateStoredImage, imageProvider, type StoredImage, type ImageProviderName } from '@/lib/images/generate';
export { blogImagePrompt, problemImagePrompt } from '@/lib/images/prompts';
export { listBlogPosts, getBlogPost, previewBlogImage, generateBlogImage, BlogPostSchema, BLOG_IMAGE_SIZE, type BlogPost } from '@/lib/images/blog';
export { listLandingProblems, generateProblemImage, LandingProblemSchema, LANDING_IMAGE_SIZE, type LandingProblem } from '@/lib/images/landing';
