import {
  companyFieldLabels as L,
  recordSourceLabels,
  revenueRangeLabels,
  type Company,
  type UpdateCompanyBody,
} from '@leadtrail/contracts';
import { Anchor, Button, Grid, Group, NumberInput, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconBuildingSkyscraper, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorScreen } from '../../../components/error-screen';
import { PageHeader } from '../../../components/page-header';
import { ActivityTimeline } from '../../../components/records/activity-timeline';
import { useCustomFields } from '../../../components/records/custom-fields-query';
import { isEmptyValue } from '../../../components/records/custom-field-value';
import { DuplicateNotice } from '../../../components/records/duplicate-notice';
import { InlineField } from '../../../components/records/inline-field';
import { NotesPanel } from '../../../components/records/notes-panel';
import { useOwnerOptions } from '../../../components/records/owners-query';
import { duplicateOf } from '../../../components/records/problem-errors';
import { InlineCustomField, InlineSelectField, InlineTextField } from '../../../components/records/record-fields';
import { recordKeys } from '../../../components/records/record-keys';
import { RecordSection } from '../../../components/records/record-section';
import { formatExact, RelativeTime } from '../../../components/records/relative-time';
import type { Viewer } from '../../../components/records/viewer';
import { errorMessage, isApiErrorWith } from '../../../lib/api-client';
import { fetchCompanyContacts, useCompany, useDeleteCompany, useUpdateCompany } from '../api/companies';
import { companyHref, employeeRangeOptions, revenueRangeOptions } from '../utils/company-columns';

type CompanyDetailProps = {
  id: string;
  viewer: Viewer;
  /** Panels from other features at the top of the right column (issue 5: the company's lists). */
  aside?: ReactNode;
};

/** A company's page: fields on the left (edited in place) with its contacts, notes and history on the right. */
export function CompanyDetail({ id, viewer, aside }: CompanyDetailProps) {
  const company = useCompany(id);

  if (company.isPending) {
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading company">
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
  if (company.isError) {
    if (isApiErrorWith(company.error, 404)) {
      return (
        <EmptyState
          icon={<IconBuildingSkyscraper size={28} aria-hidden="true" />}
          title="This company does not exist"
          text="It may have been deleted or merged into another company, or the link is wrong."
          action={
            <Button component={Link} to="/my-contacts/companies">
              Back to companies
            </Button>
          }
        />
      );
    }
    return <ErrorScreen message={errorMessage(company.error)} onRetry={() => void company.refetch()} />;
  }
  return <CompanyView company={company.data} viewer={viewer} aside={aside} />;
}

const formatValue = (field: string, value: unknown): string => {
  if (isEmptyValue(value)) return '';
  if (field === 'revenueRange') return revenueRangeLabels[value as keyof typeof revenueRangeLabels] ?? String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
};

function CompanyView({ company, viewer, aside }: { company: Company; viewer: Viewer; aside?: ReactNode }) {
  const update = useUpdateCompany(company.id);
  const remove = useDeleteCompany();
  const navigate = useNavigate();
  const customFields = useCustomFields('companies');
  const owners = useOwnerOptions(viewer);
  const readOnly = !viewer.canWrite;
  const canDelete = viewer.canWrite && (viewer.canDeleteAny || company.ownerId === viewer.memberId);

  const save = (field: keyof UpdateCompanyBody) => (value: unknown) =>
    update.mutateAsync({ [field]: value } as UpdateCompanyBody);
  const saveCustom = (key: string) => (value: unknown) =>
    update.mutateAsync({ customFields: { [key]: value as never } });
  const duplicateError = (error: unknown) => {
    const dup = duplicateOf(error);
    return dup ? (
      <DuplicateNotice
        message="A company with this domain already exists."
        href={companyHref({ id: dup.existingId })}
      />
    ) : null;
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete ${company.name}?`,
      children: (
        <Text size="sm">
          The company is deleted with its notes and history.{' '}
          {company.contactCount > 0 &&
            `Its ${company.contactCount.toLocaleString()} contact${company.contactCount === 1 ? ' stays' : 's stay'}, without a company. `}
          This can&apos;t be undone.
        </Text>
      ),
      labels: { confirm: 'Delete company', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(company.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `${company.name} deleted` });
            void navigate('/my-contacts/companies');
          },
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: 'Company not deleted',
              message: isApiErrorWith(error, 403)
                ? 'You can delete only the companies you own. Ask an owner or an admin.'
                : errorMessage(error),
            }),
        }),
    });

  const fields = customFields.data ?? [];
  const visibleCustom = fields.filter((f) => !f.archived || !isEmptyValue(company.customFields[f.key]));
  const text = (
    key: keyof UpdateCompanyBody & keyof typeof L,
    extra: Partial<Parameters<typeof InlineTextField>[0]> = {},
  ) => (
    <InlineTextField
      label={L[key]}
      path={key}
      value={(company[key as keyof Company] as string | null) ?? null}
      onSave={save(key)}
      readOnly={readOnly}
      {...extra}
    />
  );

  return (
    <>
      <PageHeader
        title={company.name}
        description={[company.industry, company.domain].filter(Boolean).join(' · ') || undefined}
        above={
          <Anchor component={Link} to="/my-contacts/companies" size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden="true" />
              Companies
            </Group>
          </Anchor>
        }
        actions={
          canDelete && (
            <Button
              variant="default"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={confirmDelete}
              loading={remove.isPending}
            >
              Delete company
            </Button>
          )
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <RecordSection title="Company">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                {text('name')}
                {text('domain', { link: 'url', renderError: duplicateError })}
                {text('website', { type: 'url', link: 'url' })}
                {text('industry')}
                <InlineSelectField
                  label={L.employeeRange}
                  path="employeeRange"
                  value={company.employeeRange}
                  options={employeeRangeOptions}
                  onSave={save('employeeRange')}
                  readOnly={readOnly}
                  clearable
                />
                <InlineSelectField
                  label={L.revenueRange}
                  path="revenueRange"
                  value={company.revenueRange}
                  options={revenueRangeOptions}
                  onSave={save('revenueRange')}
                  readOnly={readOnly}
                  clearable
                />
                <InlineField<number | string>
                  label={L.foundedYear}
                  display={
                    company.foundedYear === null ? (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    ) : (
                      <Text size="sm">{company.foundedYear}</Text>
                    )
                  }
                  initialValue={company.foundedYear ?? ''}
                  errorPath="foundedYear"
                  readOnly={readOnly}
                  onSave={(value) => save('foundedYear')(typeof value === 'number' ? value : null)}
                  renderEditor={({ value, setValue, error, label, onKeyDown }) => (
                    <NumberInput
                      label={label}
                      value={value}
                      onChange={setValue}
                      allowDecimal={false}
                      thousandSeparator={false}
                      error={error}
                      onKeyDown={onKeyDown}
                      autoFocus
                      size="sm"
                    />
                  )}
                />
                {text('phone', { type: 'tel', link: 'tel' })}
                {text('linkedinUrl', { type: 'url', link: 'url' })}
                {text('city')}
                {text('region')}
                {text('country')}
                <InlineSelectField
                  label={L.ownerId}
                  path="ownerId"
                  value={company.ownerId}
                  options={owners.activeOptions}
                  onSave={save('ownerId')}
                  readOnly={readOnly}
                  clearable
                  display={<Text size="sm">{owners.nameOf(company.ownerId) ?? 'No owner'}</Text>}
                />
              </SimpleGrid>
              {text('description', { multiline: true })}
            </RecordSection>
            <RecordSection title={`Contacts (${company.contactCount.toLocaleString()})`}>
              <CompanyContactsList company={company} />
            </RecordSection>
            <RecordSection title="Custom fields">
              {customFields.isPending ? (
                <Skeleton height={60} />
              ) : visibleCustom.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No custom fields for companies yet.{' '}
                  {viewer.isManager && (
                    <Anchor component={Link} to="/settings/masters/custom-fields?entity=companies" size="sm">
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
                      value={company.customFields[field.key]}
                      onSave={saveCustom(field.key)}
                      readOnly={readOnly}
                    />
                  ))}
                </SimpleGrid>
              )}
            </RecordSection>
            <RecordSection title="Record">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                <ReadOnly label={L.source}>
                  {recordSourceLabels[company.source]}
                  {company.importId && (
                    <>
                      {' · '}
                      <Anchor component={Link} to={`/my-contacts/uploaded-files/${company.importId}`} size="sm">
                        See the import
                      </Anchor>
                    </>
                  )}
                </ReadOnly>
                <ReadOnly label={L.createdAt}>{formatExact(company.createdAt)}</ReadOnly>
                <ReadOnly label={L.updatedAt}>
                  <RelativeTime iso={company.updatedAt} size="sm" c={undefined} />
                </ReadOnly>
              </SimpleGrid>
            </RecordSection>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            {aside}
            <NotesPanel
              entity="companies"
              recordId={company.id}
              memberId={viewer.memberId}
              canModerate={viewer.isManager}
              canWrite={viewer.canWrite}
            />
            <ActivityTimeline entity="companies" recordId={company.id} noun="company" formatValue={formatValue} />
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

/** The company's people: the first few, and a link to all of them in the contacts grid. */
function CompanyContactsList({ company }: { company: Company }) {
  const contacts = useQuery({
    queryKey: [...recordKeys.detail('companies', company.id), 'contacts'],
    queryFn: ({ signal }) => fetchCompanyContacts(company.id, signal),
  });
  if (contacts.isPending) return <Skeleton height={60} />;
  if (contacts.isError) {
    return (
      <Group gap="xs">
        <Text size="sm">We could not load its contacts.</Text>
        <Button size="xs" variant="default" onClick={() => void contacts.refetch()}>
          Try again
        </Button>
      </Group>
    );
  }
  const list = contacts.data.data;
  const total = contacts.data.total ?? list.length;
  if (list.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No contacts at this company yet. Contacts whose email is at {company.domain ?? 'its domain'} link here
        automatically.
      </Text>
    );
  }
  const gridFilter = { and: [{ field: 'companyName', op: 'is', value: company.name }] };
  return (
    <Stack gap={6}>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.map((c) => {
          const name = [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email || 'Unnamed contact';
          return (
            <li key={c.id}>
              <Anchor component={Link} to={`/my-contacts/contacts/${c.id}`} size="sm">
                {name}
              </Anchor>
              {(c.jobTitle || c.email) && (
                <Text span size="sm" c="dimmed">
                  {' '}
                  · {[c.jobTitle, c.email].filter(Boolean).join(' · ')}
                </Text>
              )}
            </li>
          );
        })}
      </Stack>
      {total > list.length && (
        <Anchor
          component={Link}
          to={`/my-contacts/contacts?filter=${encodeURIComponent(JSON.stringify(gridFilter))}`}
          size="sm"
        >
          See all {total.toLocaleString()} in the contacts grid
        </Anchor>
      )}
    </Stack>
  );
}
