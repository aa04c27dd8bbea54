import { PageHeader } from '../../../components/page-header';
import { AuditLog } from '../../../features/audit/components/audit-log';

export function Component() {
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Who did what in the workspace, when and from where: sign-ins, exports, reveals, imports, team and API key changes. Kept for 365 days."
      />
      <AuditLog />
    </>
  );
}
