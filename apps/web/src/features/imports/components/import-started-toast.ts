import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import type { Import } from '@leadtrail/contracts';

const toastId = (importId: string) => `import-started-${importId}`;

/** "Import started": kept while the import runs, so it can be taken down when it ends. */
export function showImportStarted(imp: Pick<Import, 'id' | 'fileName'>) {
  notifications.show({
    id: toastId(imp.id),
    color: 'blue',
    message: `Import started: ${imp.fileName} is being imported in the background.`,
    autoClose: 8000,
    closeButtonProps: { 'aria-label': 'Dismiss' },
  });
}

/** Takes the "Import started" toast down once the import is no longer running (it would contradict the page). */
export function useEndImportStarted(importId: string, running: boolean | undefined) {
  useEffect(() => {
    if (running === false) notifications.hide(toastId(importId));
  }, [importId, running]);
}
