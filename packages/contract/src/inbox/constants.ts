/** Platform messages and feedback: constants the browser may import at run time (no zod). Shapes: schemas.ts. */

/** Feedback content (spec §5): at most 140 characters. */
export const FEEDBACK_MAX_CHARS = 140;
/** Feedback images (spec §5): PNG or JPG, at most 5 MB each, at most 3. */
export const FEEDBACK_MAX_IMAGES = 3;
export const FEEDBACK_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** What a feedback is about (spec §3 "question type"). */
export const FEEDBACK_QUESTION_TYPES = [
  'deposit',
  'withdrawal',
  'game',
  'account',
  'promotion',
  'suggestion',
  'other',
] as const;
export type FeedbackQuestionType = (typeof FEEDBACK_QUESTION_TYPES)[number];

export const FEEDBACK_STATUSES = ['open', 'replied'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** A platform message's title and body limits (the body is sanitised HTML). */
export const MESSAGE_TITLE_MAX = 120;
export const MESSAGE_BODY_MAX = 20_000;

export const MESSAGE_SORTS = ['createdAt', 'title'] as const;
export const FEEDBACK_SORTS = ['createdAt', 'status', 'questionType'] as const;
