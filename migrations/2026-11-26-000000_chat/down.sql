DROP TABLE conversation_reads;
DROP TABLE messages;
DROP TABLE conversations;
