export interface ConsoleNoteProps {
  message: string;
}

/** Renders nothing: its work is logNote below, which the browser runs (no React needed). */
export function ConsoleNote(_props: ConsoleNoteProps) {
  return null;
}

/** Logs a note with the current path to the browser console (the spec's 404 behaviour). */
export function logNote({ message }: ConsoleNoteProps): void {
  console.warn(message, window.location.pathname);
}
