int twofold_placeholder(void){return 0;}
