/**
 * `React.lazy` for the app's screens, with one difference: a screen whose code has already arrived renders at
 * once. React shows a lazy component's fallback on its first render even when the module is loaded (its import()
 * promise settles a tick later), and then holds the real content back for up to 300 ms so that fallbacks do not
 * flicker. On the signed-in first visit that hold came twice (the shell, then the dashboard) and delayed the
 * dashboard's largest paint (Lighthouse /app, issue 27 item 4). `preload()` starts the download early; a screen
 * mounted after it has settled skips Suspense.
 */
import { type ComponentType, lazy, useState } from "react";

type Module<P> = { default: ComponentType<P> };

export interface LazyScreen<P> {
  (props: P): React.JSX.Element;
  /** Starts loading the screen's code (once); screens mounted after it has settled render without a fallback. */
  preload(): Promise<Module<P>>;
}

export function lazyScreen<P extends object>(load: () => Promise<Module<P>>): LazyScreen<P> {
  let loading: Promise<Module<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Screen(props: P) {
    // Decided once per mount: switching from the lazy wrapper to the screen later would remount it.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  Screen.preload = preload;
  return Screen;
}
