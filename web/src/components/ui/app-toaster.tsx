import { Toaster } from 'sonner';

/** Set by a layout to the height of its bottom controls (the workspace's edit bar and phone bar). */
export const TOAST_CLEARANCE_VAR = '--toast-clearance';

const clearance = (gap: number) => `calc(var(${TOAST_CLEARANCE_VAR}, 0px) + ${gap}px)`;

/**
 * One toast at a time, shown 5 s. Toasts sit above whatever bottom controls the layout declares, so
 * they never cover the edit bar's Apply button or the phone's bottom bar (sonner pauses a hovered
 * toast, so one over a control would stay there while the user reaches for it).
 */
export function AppToaster() {
  return (
    <Toaster
      theme="dark"
      position="bottom-right"
      visibleToasts={1}
      duration={5000}
      richColors
      closeButton
      offset={{ bottom: clearance(16), right: 16 }}
      mobileOffset={{ bottom: clearance(8), left: 8, right: 8 }}
      style={{ maxWidth: 420 }}
    />
  );
}
