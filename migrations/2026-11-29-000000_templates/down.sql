DROP TABLE schedule_templates;
