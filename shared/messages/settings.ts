/** Settings (issue 13): the tabs that replace "Settings Coming Soon". */
export const settingsMessages = {
  pageTitle: 'Settings',
  tabsLabel: 'Settings sections',
  companyTab: 'Company',
  billingTab: 'Billing profile',
  emailsTab: 'Candidate emails',
  accountTab: 'Your account',
};
