import { useEffect } from "react";

/** Logs a note with the current path to the browser console (the spec's 404 behaviour). */
export function ConsoleNote({ message }: { message: string }) {
  useEffect(() => {
    console.warn(message, window.location.pathname);
  }, [message]);
  return null;
}
