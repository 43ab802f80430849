/** Toasts of spec 4 and 9: a tiny store usable from anywhere, rendered by ToastContainer. */

export const TOAST_TYPES = ['info', 'success', 'warning', 'error', 'default'] as const;
export type TToastType = (typeof TOAST_TYPES)[number];

/** Lifecycle of spec 4: entering, then no transition, then exiting until removal. */
export type TToastPhase = 'entering' | 'idle' | 'exiting';

export type TToast = {
  id: number;
  message: string;
  type: TToastType;
  time: number;
  phase: TToastPhase;
};

export type TToastOptions = { type?: TToastType; autoClose?: number };

export const TOAST_TRANSITION_MS = 400;
export const TOAST_AUTO_CLOSE_MS = 2000;
/** Errors and warnings stay longer so they can be read. */
export const TOAST_LONG_AUTO_CLOSE_MS = 5000;

type TTimer = {
  remaining: number;
  startedAt: number;
  handle: ReturnType<typeof setTimeout> | undefined;
  hovered: boolean;
};

type TListener = () => void;

/** Default auto-close for a toast type. */
export function autoCloseFor(type: TToastType): number {
  return type === 'error' || type === 'warning' ? TOAST_LONG_AUTO_CLOSE_MS : TOAST_AUTO_CLOSE_MS;
}

export class ToastStore {
  private toasts: readonly TToast[] = [];
  private readonly timers = new Map<number, TTimer>();
  private readonly listeners = new Set<TListener>();
  private nextId = 1;
  private hidden = false;

  readonly subscribe = (listener: TListener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Newest first, as the container shows them. */
  readonly getSnapshot = (): readonly TToast[] => this.toasts;

  show(message: string, { type = 'default', autoClose }: TToastOptions = {}): number {
    const id = this.nextId++;
    this.toasts = [{ id, message, type, time: Date.now(), phase: 'entering' }, ...this.toasts];
    this.emit();
    setTimeout(() => this.setPhase(id, 'idle', 'entering'), TOAST_TRANSITION_MS);
    this.timers.set(id, {
      remaining: autoClose ?? autoCloseFor(type),
      startedAt: 0,
      handle: undefined,
      hovered: false,
    });
    this.run(id);
    return id;
  }

  /** Starts the exit transition; the toast is removed TOAST_TRANSITION_MS later. */
  dismiss(id: number): void {
    const toast = this.toasts.find((t) => t.id === id);
    if (!toast || toast.phase === 'exiting') return;
    this.stop(id);
    this.timers.delete(id);
    this.setPhase(id, 'exiting');
    setTimeout(() => {
      this.toasts = this.toasts.filter((t) => t.id !== id);
      this.emit();
    }, TOAST_TRANSITION_MS);
  }

  dismissAll(): void {
    for (const toast of this.toasts) this.dismiss(toast.id);
  }

  /** Dismisses the toasts of some types, e.g. errors a later success has made stale. */
  dismissTypes(types: readonly TToastType[]): void {
    for (const toast of this.toasts) if (types.includes(toast.type)) this.dismiss(toast.id);
  }

  /** A hovered toast stays until the pointer leaves. */
  setHovered(id: number, hovered: boolean): void {
    const timer = this.timers.get(id);
    if (!timer) return;
    timer.hovered = hovered;
    if (hovered) this.stop(id);
    else this.run(id);
  }

  /** While the tab is hidden every timer pauses (spec 4). */
  setHidden(hidden: boolean): void {
    this.hidden = hidden;
    for (const id of this.timers.keys()) {
      if (hidden) this.stop(id);
      else this.run(id);
    }
  }

  private run(id: number): void {
    const timer = this.timers.get(id);
    if (!timer || timer.handle !== undefined || timer.hovered || this.hidden) return;
    timer.startedAt = Date.now();
    timer.handle = setTimeout(() => this.dismiss(id), timer.remaining);
  }

  private stop(id: number): void {
    const timer = this.timers.get(id);
    if (!timer || timer.handle === undefined) return;
    clearTimeout(timer.handle);
    timer.handle = undefined;
    timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
  }

  private setPhase(id: number, phase: TToastPhase, onlyFrom?: TToastPhase): void {
    let changed = false;
    this.toasts = this.toasts.map((t) => {
      if (t.id !== id || (onlyFrom && t.phase !== onlyFrom)) return t;
      changed = true;
      return { ...t, phase };
    });
    if (changed) this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

export const toastStore = new ToastStore();

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => toastStore.setHidden(document.hidden));
}

type TToastApi = ((message: string, options?: TToastOptions) => number) & {
  info: (message: string, autoClose?: number) => number;
  success: (message: string, autoClose?: number) => number;
  warning: (message: string, autoClose?: number) => number;
  error: (message: string, autoClose?: number) => number;
  dismiss: (id: number) => void;
};

/** Shows a toast from anywhere: `toast.error('…')`, `toast('…', { type: 'info' })`. */
export const toast: TToastApi = Object.assign(
  (message: string, options?: TToastOptions) => toastStore.show(message, options),
  {
    info: (message: string, autoClose?: number) => toastStore.show(message, { type: 'info', autoClose }),
    success: (message: string, autoClose?: number) =>
      toastStore.show(message, { type: 'success', autoClose }),
    warning: (message: string, autoClose?: number) =>
      toastStore.show(message, { type: 'warning', autoClose }),
    error: (message: string, autoClose?: number) => toastStore.show(message, { type: 'error', autoClose }),
    dismiss: (id: number) => toastStore.dismiss(id),
  },
);
