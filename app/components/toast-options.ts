/** How long a toast stays (spec: 5 seconds). */
export const TOAST_DURATION_MS = 5000;
