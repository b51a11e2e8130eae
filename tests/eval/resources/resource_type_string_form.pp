Resource['notify'] { 'via resource type': }
