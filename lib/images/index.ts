export { artworkSvg, renderArtwork, TITLE_BAND, type RenderedImage } from './render-local';
export { generateStoredImage, imageProvider, type StoredImage, type ImageProviderName } from './generate';
export { blogImagePrompt, problemImagePrompt } from './prompts';
export { listBlogPosts, getBlogPost, previewBlogImage, generateBlogImage, BlogPostSchema, BLOG_IMAGE_SIZE, type BlogPost } from './blog';
export { listLandingProblems, generateProblemImage, LandingProblemSchema, LANDING_IMAGE_SIZE, type LandingProblem } from './landing';
