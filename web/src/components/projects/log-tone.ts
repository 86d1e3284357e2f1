export type LogTone = 'info' | 'success' | 'error';

/** Spec section 8's log classification, success checked first as the spec lists it. */
export function logTone(message: string): LogTone {
  if (/✅|successful|🎉/.test(message)) return 'success';
  if (/❌|⚠️|failed|Error/.test(message)) return 'error';
  return 'info';
}
