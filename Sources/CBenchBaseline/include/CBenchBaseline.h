int twofold_placeholder(void);
