/** Scratch cards, a 3×3 ticket (docs/decisions/049-video-poker-scratch.md). */
export {
  playScratch,
  SCRATCH_CELLS,
  SCRATCH_PAYTABLE_VERSION,
  SCRATCH_PRIZES,
  SCRATCH_RECORDED_FIELDS,
  SCRATCH_RTP_BAND,
  SCRATCH_SYMBOLS,
  SCRATCH_WEIGHT_TOTAL,
  type ScratchInput,
  type ScratchResult,
  scratchRtp,
  verifyScratch,
} from './scratch';
