import { recordSourceLabels } from '@leadtrail/contracts';
import { Anchor, Button, Grid, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorScreen } from '../../../components/error-screen';
import { PageHeader } from '../../../components/page-header';
import { useCustomFields } from '../../../lib/custom-fields-query';
import { isEmptyValue } from './custom-field-value';
import { useOwnerOptions } from '../../../lib/owners-query';
import { InlineCustomField } from './record-fields';
import { RecordSection } from './record-section';
import { formatExact, RelativeTime } from '../../../components/relative-time';
import type { Viewer } from '../../../lib/viewer';
import { errorMessage, isApiErrorWith, isNotFound } from '../../../lib/api-client';
import { useDeleteRecord, useRecord, useUpdateRecord } from '../api/record-api';
import type { FormBase, RecordRow, RecordSpec } from '../record-spec';
import { recordsPath } from '../utils/record-paths';
import { DetailFields } from './detail-fields';

/** What the detail page reads of a spec (not its grid or form). */
type DetailSpec<Row extends RecordRow> = Pick<
  RecordSpec<Row, FormBase>,
  'entity' | 'noun' | 'title' | 'api' | 'labels' | 'name' | 'duplicateMessage' | 'screen' | 'detail'
>;

/** What the right column's panels get besides the row. */
export type AsideContext = {
  /** A stored value of a field in words (option labels, Yes/No), for the activity's "from → to". */
  formatValue: (field: string, value: unknown) => string;
};

type RecordDetailProps<Row extends RecordRow> = {
  spec: DetailSpec<Row>;
  id: string;
  viewer: Viewer;
  /**
   * The right column's panels, from other features: the app's route composes the record's lists,
   * notes and activity (features/lists, notes, activity) here.
   */
  aside?: (row: Row, context: AsideContext) => ReactNode;
  /** Header actions from other features, before Delete (issue 15: "Erase this person"). */
  actions?: (row: Row) => ReactNode;
};

/** A record's page: fields in sections on the left (edited in place), the aside's panels on the right. */
export function RecordDetail<Row extends RecordRow>({ spec, id, viewer, aside, actions }: RecordDetailProps<Row>) {
  const record = useRecord(spec.api, id);

  if (record.isPending) return <DetailSkeleton noun={spec.noun.singular} />;
  if (record.isError) {
    if (isNotFound(record.error)) {
      const { singular, plural } = spec.noun;
      return (
        <EmptyState
          icon={spec.detail.notFoundIcon}
          title={`This ${singular} does not exist`}
          text={`It may have been deleted or merged into another ${singular}, or the link is wrong.`}
          action={
            <Button component={Link} to={recordsPath(spec.entity)}>
              Back to {plural}
            </Button>
          }
        />
      );
    }
    return <ErrorScreen message={errorMessage(record.error)} onRetry={() => void record.refetch()} />;
  }
  return <RecordView spec={spec} row={record.data} viewer={viewer} aside={aside} actions={actions} />;
}

function DetailSkeleton({ noun }: { noun: string }) {
  return (
    <Stack gap="lg" aria-busy="true" aria-label={`Loading ${noun}`}>
      <Skeleton height={14} width={120} />
      <Skeleton height={30} width={280} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={160} radius="md" />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton height={320} radius="md" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

type RecordViewProps<Row extends RecordRow> = Omit<RecordDetailProps<Row>, 'id'> & { row: Row };

function RecordView<Row extends RecordRow>({ spec, row, viewer, aside, actions }: RecordViewProps<Row>) {
  const { noun, detail } = spec;
  const update = useUpdateRecord(spec.api, row.id);
  const remove = useDeleteRecord(spec.api);
  const navigate = useNavigate();
  const customFields = useCustomFields(spec.entity);
  const owners = useOwnerOptions(viewer);
  const readOnly = !viewer.canWrite;
  const canDelete = viewer.canWrite && (viewer.canDeleteAny || row.ownerId === viewer.memberId);
  const name = spec.name(row);

  const save = (field: string) => (value: unknown) => update.mutateAsync({ [field]: value });
  const saveCustom = (key: string) => (value: unknown) => update.mutateAsync({ customFields: { [key]: value } });

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete ${name}?`,
      children: <Text size="sm">{detail.deleteConsequence(row)}</Text>,
      labels: { confirm: `Delete ${noun.singular}`, cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(row.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `${name} deleted` });
            void navigate(recordsPath(spec.entity));
          },
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: `${spec.title} not deleted`,
              message: isApiErrorWith(error, 403)
                ? `You can delete only the ${noun.plural} you own. Ask an owner or an admin.`
                : errorMessage(error),
            }),
        }),
    });

  const fields = customFields.data ?? [];
  const visibleCustom = fields.filter((f) => !f.archived || !isEmptyValue(row.customFields[f.key]));

  // The server records edits as display text (owner and company names, option labels);
  // only the standard enums arrive as codes.
  const formatValue = (field: string, value: unknown): string => {
    if (isEmptyValue(value)) return '';
    const labels = detail.valueLabels[field];
    if (labels) return labels[String(value)] ?? String(value);
    if (typeof value === 'boolean') return value ? 'Yes' : 'No';
    if (Array.isArray(value)) return value.join(', ');
    return String(value);
  };

  return (
    <>
      <PageHeader
        title={name}
        description={detail.description(row)}
        above={
          <Anchor component={Link} to={recordsPath(spec.entity)} size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden="true" />
              {spec.screen.title}
            </Group>
          </Anchor>
        }
        actions={
          <Group gap="sm">
            {actions?.(row)}
            {canDelete && (
              <Button
                variant="default"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                onClick={confirmDelete}
                loading={remove.isPending}
              >
                Delete {noun.singular}
              </Button>
            )}
          </Group>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <RecordSection title={spec.title}>
              <DetailFields
                entity={spec.entity}
                row={row}
                fields={detail.fields}
                labels={spec.labels}
                duplicateMessage={spec.duplicateMessage}
                owners={owners}
                save={save}
                readOnly={readOnly}
              />
            </RecordSection>
            <detail.Sections row={row} readOnly={readOnly} save={save} />
            <RecordSection title="Custom fields">
              {customFields.isPending ? (
                <Skeleton height={60} />
              ) : visibleCustom.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No custom fields for {noun.plural} yet.{' '}
                  {viewer.isManager && (
                    <Anchor component={Link} to={detail.customFieldsSettings} size="sm">
                      Add one in Settings
                    </Anchor>
                  )}
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                  {visibleCustom.map((field) => (
                    <InlineCustomField
                      key={field.id}
                      field={field}
                      value={row.customFields[field.key]}
                      onSave={saveCustom(field.key)}
                      readOnly={readOnly}
                    />
                  ))}
                </SimpleGrid>
              )}
            </RecordSection>
            <RecordSection title="Record">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                <ReadOnly label={spec.labels.source!}>
                  {recordSourceLabels[row.source]}
                  {row.importId && (
                    <>
                      {' · '}
                      <Anchor component={Link} to={`/my-contacts/uploaded-files/${row.importId}`} size="sm">
                        See the import
                      </Anchor>
                    </>
                  )}
                </ReadOnly>
                {detail.facts?.(row).map((fact) => (
                  <ReadOnly key={fact.label} label={fact.label}>
                    {fact.value}
                  </ReadOnly>
                ))}
                <ReadOnly label={spec.labels.createdAt!}>
                  <span title={formatExact(row.createdAt)}>{formatExact(row.createdAt)}</span>
                </ReadOnly>
                <ReadOnly label={spec.labels.updatedAt!}>
                  <RelativeTime iso={row.updatedAt} size="sm" c={undefined} />
                </ReadOnly>
              </SimpleGrid>
            </RecordSection>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            {aside?.(row, { formatValue })}
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

function ReadOnly({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" py={2}>
        {children}
      </Text>
    </div>
  );
}
