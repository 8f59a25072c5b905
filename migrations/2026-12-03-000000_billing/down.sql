DROP TABLE billing_events;
DROP TABLE invoices;
DROP TABLE store_plans;
