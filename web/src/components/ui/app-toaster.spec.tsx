import { afterEach, describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { useToastClearance } from '@/components/workspace/use-toast-clearance';
import { AppToaster, TOAST_CLEARANCE_VAR } from './app-toaster';

// A layout like the workspace's: the content panel, then 120 px of controls (edit bar, phone bar) below it.
function Layout() {
  const panel = useRef<HTMLDivElement>(null);
  useToastClearance(panel);
  return <div ref={panel} data-testid="panel" />;
}

const realRect = HTMLElement.prototype.getBoundingClientRect;

function stubPanelBottom(bottom: number) {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 900 });
  HTMLElement.prototype.getBoundingClientRect = function () {
    return { bottom, top: 0, left: 0, right: 0, width: 0, height: bottom, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
  };
}

afterEach(() => {
  HTMLElement.prototype.getBoundingClientRect = realRect;
  document.documentElement.style.removeProperty(TOAST_CLEARANCE_VAR);
});

describe('AppToaster', () => {
  it('places toasts above the controls a layout has below its content, on desktop and on phones', async () => {
    stubPanelBottom(780);
    const layout = render(
      <>
        <Layout />
        <AppToaster />
      </>,
    );
    expect(document.documentElement.style.getPropertyValue(TOAST_CLEARANCE_VAR)).toBe('120px');
    act(() => {
      toast('Saved');
    });
    await screen.findByText('Saved');
    const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
    expect(toaster.style.getPropertyValue('--offset-bottom')).toContain(`var(${TOAST_CLEARANCE_VAR}`);
    expect(toaster.style.getPropertyValue('--mobile-offset-bottom')).toContain(`var(${TOAST_CLEARANCE_VAR}`);

    // Leaving the layout leaves no clearance behind for other pages.
    layout.unmount();
    expect(document.documentElement.style.getPropertyValue(TOAST_CLEARANCE_VAR)).toBe('');
  });
});
