/** The chunk time-out of spec §9 lives in shared/chunk.ts (features use it too); re-exported for the router. */
export { CHUNK_TIMEOUT_MS, ChunkTimeoutError, importChunk, lazyChunk, withTimeout } from '../shared/chunk';
