export { parseReceiptImage, parseReceiptTextBody, analyzeLabel, analyzeBatch } from '@/lib/vision/service';
export { ParseImageBody, ParseTextBody, LabelImage, BatchBody, BatchData, ReceiptData, LabelData } from '@/lib/vision/schemas';
export { setVisionEngine, visionEngine, type VisionEngine, type EngineReading } from '@/lib/vision/engine';
export { parseReceiptText } from '@/lib/vision/receipt-parser';
export { parseLabelText } from '@/lib/vision/label-parser';
export { ocrPool, shutdownOcrPool, OcrError } from '@/lib/vision/ocr-pool';
export { loadImage, sniffMediaType, prepareForOcr } from '@/lib/vision/image';
