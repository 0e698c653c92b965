module vigil

go 1.26.8
