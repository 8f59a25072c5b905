DROP TABLE demo_requests;
