import { notifications } from '@mantine/notifications';
import { useEffect, useState, type ComponentType } from 'react';
import { loadMoreStyles } from './more-styles';

/**
 * Issue 13: a part of a screen that is loaded when it is first used (a filter editor, a dialog,
 * a drawer), so that a screen's first load carries only what it shows. The code is asked for
 * once; `get()` is the loaded value, or undefined until it has arrived.
 */
export type LazyPart<T> = { load: () => Promise<T>; get: () => T | undefined };

export function lazyPart<T>(importer: () => Promise<T>): LazyPart<T> {
  return lazyCode(() => Promise.all([importer(), loadMoreStyles()]).then(([value]) => value));
}

/** A lazy part that renders nothing of Mantine's beyond the first paint's (no styles to wait for). */
export function lazyCode<T>(importer: () => Promise<T>): LazyPart<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    load: () =>
      (pending ??= importer().then(
        (value) => (loaded = value),
        (error: unknown) => {
          pending = undefined; // the next use asks again
          throw error;
        },
      )),
    get: () => loaded,
  };
}

/** Tells the user a part did not arrive (the network dropped): using it again retries. */
export function partFailed(): void {
  notifications.show({
    color: 'red',
    title: 'This could not be opened',
    message: 'Check your connection and try again.',
  });
}

/**
 * Loads a part, then does what opens it (sets the state that shows a popover or a dialog).
 * Opening only once the code is here keeps a dialog's focus handling as it is: the dialog
 * focuses its first field on opening and gives focus back to the button that opened it.
 */
export function openAfterLoad<T>(part: LazyPart<T>, open: () => void): void {
  if (part.get() !== undefined) open();
  else part.load().then(open, partFailed);
}

type OpenableProps = { opened: boolean };

/**
 * A dialog or drawer (anything with `opened`) whose code is loaded the first time it opens,
 * then kept mounted. It first renders closed and opens on the next render, so that it sees the
 * change from closed to open: Mantine's focus return remembers the element that opened it then.
 */
export function lazyOpenable<P extends OpenableProps>(part: LazyPart<ComponentType<P>>): ComponentType<P> {
  function LazyOpenable(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | undefined>(() => part.get());
    const [ready, setReady] = useState(false);
    useEffect(() => {
      if (!props.opened || Component) return;
      let live = true;
      part.load().then((loaded) => live && setComponent(() => loaded), partFailed);
      return () => {
        live = false;
      };
    }, [props.opened, Component]);
    useEffect(() => {
      if (Component && !ready) setReady(true);
    }, [Component, ready]);
    if (!Component) return null;
    return <Component {...props} opened={props.opened && ready} />;
  }
  return LazyOpenable;
}
