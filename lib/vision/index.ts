export { parseReceiptImage, parseReceiptTextBody, analyzeLabel, analyzeBatch } from './service';
export { ParseImageBody, ParseTextBody, LabelImage, BatchBody, BatchData, ReceiptData, LabelData } from './schemas';
export { setVisionEngine, visionEngine, type VisionEngine, type EngineReading } from './engine';
export { parseReceiptText } from './receipt-parser';
export { parseLabelText } from './label-parser';
export { ocrPool, shutdownOcrPool, OcrError } from './ocr-pool';
export { loadImage, sniffMediaType, prepareForOcr } from './image';
