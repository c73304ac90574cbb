// JSONTree
