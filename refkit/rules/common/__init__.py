"""Small pieces every rules feature uses: bounds on user files, safe reading of them, plain
names, whole numbers and the travel pace."""
