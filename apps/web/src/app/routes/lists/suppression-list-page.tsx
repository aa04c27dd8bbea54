import {
  suppressionKinds,
  suppressionReasons,
  type SuppressionKind,
  type SuppressionReason,
} from '@leadtrail/contracts';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { suppressionExportUrl, type SuppressionFilters } from '../../../features/suppressions/api/suppressions';
import { AddSuppressionsModal } from '../../../features/suppressions/components/add-suppressions-modal';
import { SuppressionList } from '../../../features/suppressions/components/suppression-list';

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | null =>
  v && (values as readonly string[]).includes(v) ? (v as T) : null;

export function Component() {
  const me = useSignedInMe();
  const [params, setParams] = useSearchParams();
  const [adding, add] = useDisclosure(false);
  // search and filters live in the URL (shareable, back button works)
  const filters: SuppressionFilters = {
    q: params.get('q') ?? '',
    kind: oneOf<SuppressionKind>(suppressionKinds, params.get('kind')),
    reason: oneOf<SuppressionReason>(suppressionReasons, params.get('reason')),
  };
  const setFilters = (next: SuppressionFilters) => {
    const p = new URLSearchParams();
    if (next.q.trim()) p.set('q', next.q);
    if (next.kind) p.set('kind', next.kind);
    if (next.reason) p.set('reason', next.reason);
    setParams(p, { replace: true });
  };

  return (
    <>
      <PageHeader
        title="Suppression list"
        description="Emails and whole domains never to contact: they are flagged everywhere, left out of exports and can't be revealed."
        actions={
          <>
            {me.permissions.includes('records:export') && (
              <Button
                component="a"
                href={suppressionExportUrl(filters)}
                download
                variant="default"
                leftSection={<IconDownload size={18} aria-hidden="true" />}
              >
                Export CSV
              </Button>
            )}
            {me.permissions.includes('suppressions:write') && (
              <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={add.open}>
                Add entries
              </Button>
            )}
          </>
        }
      />
      <SuppressionList
        filters={filters}
        onFilters={setFilters}
        canRemove={me.permissions.includes('suppressions:remove')}
        onAdd={add.open}
      />
      <AddSuppressionsModal opened={adding} onClose={add.close} />
    </>
  );
}
