DROP TABLE booking_mails;
DROP TABLE booked_clients;
DROP TABLE booked_sessions;
DROP TABLE booking_clients;
DROP TABLE booking_events;
