import { companySpec } from '../../../features/records/companies/company-spec';
import { recordsLoader, recordsPage } from './record-pages';

export const Component = recordsPage(companySpec);
export const loader = recordsLoader(companySpec);
