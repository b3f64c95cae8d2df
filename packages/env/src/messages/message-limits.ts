/** Texts longer than this (UTF-16 code units, i.e. 64 KiB of code units) are rejected without being scanned. */
export const MAX_MESSAGE_LENGTH = 65_536;
/** A message with more acts than this is a parse error (keeps one message's effect on beliefs bounded). */
export const MAX_ACTS = 64;
