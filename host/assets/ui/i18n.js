// The words of the window and the plan table, in English and Chinese.
