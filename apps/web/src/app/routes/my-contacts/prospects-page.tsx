import { PageHeader } from '../../../components/page-header';
import { ProspectsScreen } from '../../../features/prospects/components/prospects-screen';

export function Component() {
  return (
    <>
      <PageHeader
        title="Prospects"
        description="Find new people to contact: every filter shows its count; email and phone stay masked until you reveal them with credits."
      />
      <ProspectsScreen />
    </>
  );
}
