/** Longest text one step accepts (characters); model outputs beyond this are a client bug, not a message. */
export const MAX_STEP_TEXT_LENGTH = 16_384;
