import { companySpec } from '../../../features/records/companies/company-spec';
import { recordsPage } from './record-pages';

export const Component = recordsPage(companySpec);
