import { can } from '@leadtrail/contracts';
import { PageHeader } from '../../../components/page-header';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { TransactionsLog } from '../../../features/credits/components/transactions-log';

export function Component() {
  const me = useSignedInMe();
  const everyone = can(me.role, 'settings:manage');
  return (
    <>
      <PageHeader
        title="Transactions log"
        description={
          everyone
            ? 'Every credit granted and spent in the workspace: who, what for, and the balance after.'
            : 'Every credit you spent or got back: what for, and the balance after.'
        }
      />
      <TransactionsLog canSeeEveryone={everyone} />
    </>
  );
}
