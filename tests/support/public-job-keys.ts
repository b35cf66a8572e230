/**
 * The fields a visitor may see of one published job (GET /api/public/jobs/:jobId), written out so a
 * field that reaches the public answer by mistake fails the tests that compare against it. With the
 * structured details of issue 36 §1 (null when the employer gave none).
 */
export const PUBLIC_JOB_DETAIL_KEYS = [
  'accepting_applications',
  'applications_stopped',
  'benefits',
  'company_name',
  'created_at',
  'department',
  'description',
  'employment_type',
  'expires_at',
  'id',
  'location',
  'openings',
  'pay_max_paise',
  'pay_min_paise',
  'pay_period',
  'requirements',
  'salary',
  // The questions asked on Apply, without their knockout rules (issue 36 §1).
  'screening_questions',
  'title',
  'work_mode',
];
